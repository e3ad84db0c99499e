import { initialsOf, personName, type TPresenceViewer } from '@impact/domain';
import { Avatar, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { presenceChanges } from './presence-changes';
import { usePresence } from './use-presence';

/** The wizard's "also here" bar: who else has this application open now (decision 0032). */
export function PresenceBar({ submissionId, enabled = true }: { submissionId: string; enabled?: boolean }) {
  const viewers = usePresence(submissionId, enabled);
  return <PresenceAvatars viewers={viewers} />;
}

/**
 * Initials in avatars with the names as text for screen readers (the tooltip is for the mouse),
 * and a polite announcement when someone opens or leaves the application.
 */
export function PresenceAvatars({ viewers }: { viewers: TPresenceViewer[] }) {
  const { t } = useTranslation();
  const previous = useRef<TPresenceViewer[]>([]);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    const { joined, left } = presenceChanges(previous.current, viewers);
    previous.current = viewers;
    const said = [
      ...joined.map((v) => t('team.presence.joined', { name: personName(v) })),
      ...left.map((v) => t('team.presence.left', { name: personName(v) })),
    ];
    if (said.length) setAnnouncement(said.join(' '));
  }, [viewers, t]);
  return (
    <div data-testid="presence-bar">
      {viewers.length > 0 && (
        <Group gap="xs" mb="xs" wrap="nowrap">
          <Text size="xs" c="dimmed" id="presence-label">
            {t('team.presence.alsoHere')}
          </Text>
          <Avatar.Group spacing="xs" role="list" aria-labelledby="presence-label">
            {viewers.map((v) => (
              <Tooltip key={v.userId} label={personName(v)} withArrow>
                <Avatar role="listitem" size="sm" radius="xl" color="initials" name={personName(v)} tabIndex={0}>
                  <span aria-hidden="true">{initialsOf({ ...v, email: '' })}</span>
                  <VisuallyHidden>{personName(v)}</VisuallyHidden>
                </Avatar>
              </Tooltip>
            ))}
          </Avatar.Group>
        </Group>
      )}
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </div>
  );
}
