import type { TPresenceViewer } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
import { parseEvent } from './api/presence-stream';
import { PresenceAvatars } from './presence-bar';

const anna: TPresenceViewer = { userId: '00000000-0000-4000-8000-00000000000a', firstName: 'Anna', lastName: 'Neri' };
const bruno: TPresenceViewer = { userId: '00000000-0000-4000-8000-00000000000b', firstName: 'Bruno', lastName: 'Riva' };

describe('the presence bar', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('shows initials with the names as text, and announces who opened and who left', () => {
    const view = (viewers: TPresenceViewer[]) => (
      <MantineProvider>
        <PresenceAvatars viewers={viewers} />
      </MantineProvider>
    );
    const { rerender } = render(view([anna]));
    expect(screen.getByRole('list', { name: 'Also here now:' })).toBeTruthy();
    expect(screen.getByRole('listitem').textContent).toBe('ANAnna Neri');
    expect(screen.getByRole('status').textContent).toBe('Anna Neri opened this application.');
    rerender(view([bruno]));
    expect(screen.getByRole('status').textContent).toBe(
      'Bruno Riva opened this application. Anna Neri left this application.',
    );
    rerender(view([]));
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Bruno Riva left this application.');
  });

  it('reads the stream’s events and ignores pings and unknown ones', () => {
    const data = JSON.stringify({ viewers: [anna] });
    expect(parseEvent(`event: presence\ndata: ${data}`)).toEqual({ kind: 'presence', viewers: [anna] });
    expect(parseEvent('event: end\ndata: {"reason":"membership"}')).toEqual({ kind: 'end', reason: 'membership' });
    expect(parseEvent(': ping')).toBeNull();
    expect(parseEvent('event: other\ndata: {}')).toBeNull();
  });
});
