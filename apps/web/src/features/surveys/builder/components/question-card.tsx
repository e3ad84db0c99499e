import type { TJsonObject } from '@impact/domain';
import { ActionIcon, Badge, Group, Paper, Stack, Title, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconCopy, IconGripVertical, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { kindOf } from '../model/kinds';
import { isMissingIn, textIn } from '../model/localised';
import { deleteElement, duplicateElement, moveElement, moveElementTo } from '../model/operations';
import { elementAt, isContainer, type TElementPath } from '../model/tree';
import { byId, elementKey, useBuilder } from './builder-context';
import { ElementList } from './element-list';
import { QuestionEditor } from './question-editor';

type Props = { path: TElementPath; element: TJsonObject; position: number; count: number };

/**
 * One question as a card: its summary, the buttons that move, copy and delete it (moves are
 * announced), and its properties in place when opened. The grip drags it with a mouse; the
 * buttons do the same from the keyboard.
 */
export function QuestionCard({ path, element, position, count }: Props) {
  const { t } = useTranslation();
  const { model, lang, apply, announce, focusLater, isOpen, setOpen, headingLevel, dragging } = useBuilder();
  const key = elementKey(element, path);
  const id = `q-${key}`;
  const open = isOpen(key);
  const kind = kindOf(element);
  const title =
    textIn(kind === 'html' ? element.html : element.title, lang)
      .replace(/<[^>]*>/g, ' ')
      .trim() || (typeof element.name === 'string' ? element.name : t('surveys.builder.untitled'));
  const short = title.length > 60 ? `${title.slice(0, 57)}…` : title;
  const up = moveElement(model, path, -1);
  const down = moveElement(model, path, 1);
  const missing = ['title', 'description', 'html'].some((k) => isMissingIn(element[k], lang));

  const move = (result: typeof up, button: 'up' | 'down') => {
    if (!result) return;
    apply(result.model);
    const page = (result.path[0] ?? 0) + 1;
    const at = (result.path.at(-1) ?? 0) + 1;
    announce(t('surveys.builder.announce.moved', { title: short, position: at, page }));
    focusLater(byId(`${id}-${button}`), byId(`${id}-${button === 'up' ? 'down' : 'up'}`));
  };
  const duplicate = () => {
    const copy = duplicateElement(model, path);
    apply(copy.model);
    const added = elementAt(copy.model, copy.path);
    announce(t('surveys.builder.announce.duplicated', { title: short }));
    if (added) focusLater(byId(`q-${elementKey(added, copy.path)}-edit`));
  };
  const remove = () => {
    apply(deleteElement(model, path));
    announce(t('surveys.builder.announce.deleted', { title: short }));
    focusLater(`[data-add-to="${path.slice(0, -1).join('-')}"]`);
  };
  const HeadingOrder = Math.min(headingLevel + 1, 6) as 3 | 4 | 5 | 6;

  return (
    <Paper
      component="li"
      withBorder
      p="xs"
      radius="sm"
      id={id}
      data-testid="question-card"
      aria-label={t('surveys.builder.cardLabel', { position, total: count, title: short })}
      onDragOver={(e) => {
        if (dragging.current) e.preventDefault();
      }}
      onDrop={(e) => {
        e.preventDefault();
        const from = dragging.current;
        dragging.current = null;
        if (!from || from.join('.') === path.join('.')) return;
        apply(moveElementTo(model, from, path));
        announce(t('surveys.builder.announce.dropped', { position, page: (path[0] ?? 0) + 1 }));
      }}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0, flex: '1 1 12rem' }}>
          <Tooltip label={t('surveys.builder.drag')}>
            <span
              draggable
              onDragStart={(e) => {
                dragging.current = path;
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', key);
              }}
              onDragEnd={() => {
                dragging.current = null;
              }}
              style={{ cursor: 'grab', display: 'inline-flex' }}
              aria-hidden
            >
              <IconGripVertical size={18} color="var(--mantine-color-gray-7)" />
            </span>
          </Tooltip>
          <Badge variant="light" size="sm" style={{ flexShrink: 0 }}>
            {kind ? t(`surveys.builder.kinds.${kind}`) : String(element.type)}
          </Badge>
          <Title order={HeadingOrder} size="sm" fw={600} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {short}
          </Title>
        </Group>
        <Group gap={2} wrap="nowrap">
          <ActionIcon
            id={`${id}-edit`}
            variant={open ? 'filled' : 'subtle'}
            aria-label={t('surveys.builder.edit', { title: short })}
            aria-expanded={open}
            aria-controls={`${id}-editor`}
            onClick={() => setOpen(key, !open)}
          >
            <IconPencil size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            id={`${id}-up`}
            variant="subtle"
            aria-label={t('surveys.builder.moveUp', { title: short })}
            disabled={!up}
            onClick={() => move(up, 'up')}
          >
            <IconArrowUp size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            id={`${id}-down`}
            variant="subtle"
            aria-label={t('surveys.builder.moveDown', { title: short })}
            disabled={!down}
            onClick={() => move(down, 'down')}
          >
            <IconArrowDown size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label={t('surveys.builder.duplicate', { title: short })}
            onClick={duplicate}
          >
            <IconCopy size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('surveys.builder.delete', { title: short })}
            onClick={remove}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
      <Group gap={4} mt={4} wrap="wrap">
        {element.isRequired === true && (
          <Badge size="xs" color="gray">
            {t('surveys.builder.badges.required')}
          </Badge>
        )}
        {typeof element.visibleIf === 'string' && element.visibleIf && (
          <Badge size="xs" color="grape">
            {t('surveys.builder.badges.visibleIf')}
          </Badge>
        )}
        {element.correctAnswer !== undefined && (
          <Badge size="xs" color="teal">
            {t('surveys.builder.badges.scored')}
          </Badge>
        )}
        {missing && (
          <Badge size="xs" color="orange">
            {t('surveys.builder.badges.missing', { language: t(`surveys.builder.languages.${lang}`) })}
          </Badge>
        )}
      </Group>
      {open && (
        <div id={`${id}-editor`}>
          {
            <Stack gap="sm" mt="sm">
              <QuestionEditor path={path} element={element} idPrefix={id} />
              {isContainer(element) && (
                <ElementList containerPath={path} elements={element} label={t('surveys.builder.panelQuestions')} />
              )}
            </Stack>
          }
        </div>
      )}
    </Paper>
  );
}
