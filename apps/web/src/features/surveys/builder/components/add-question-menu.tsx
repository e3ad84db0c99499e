import { Button, Menu } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { QUESTION_KIND_NAMES, type TQuestionKindName } from '../model/kinds';
import { addElement } from '../model/operations';
import { elementAt, type TElementPath } from '../model/tree';
import { byId, elementKey, useBuilder } from './builder-context';
import { newQuestion } from './new-question';

type Props = { containerPath: TElementPath; label: string };

/** The "add a question" menu of a page or a dynamic panel: one entry per kind the builder offers. */
export function AddQuestionMenu({ containerPath, label }: Props) {
  const { t } = useTranslation();
  const { model, lang, apply, announce, focusLater, setOpen } = useBuilder();
  const add = (kind: TQuestionKindName) => {
    const title = t(`surveys.builder.kinds.${kind}`);
    const { model: next, path } = addElement(model, containerPath, newQuestion(kind, t, lang));
    apply(next);
    announce(t('surveys.builder.announce.added', { title }));
    // Focus goes to the new question's first field, so keyboard users carry on writing it.
    const added = elementAt(next, path);
    if (added) {
      const key = elementKey(added, path);
      setOpen(key, true);
      focusLater(byId(`q-${key}-${kind === 'html' ? 'html' : 'title'}`));
    }
  };
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button
          data-add-to={containerPath.join('-')}
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden />}
        >
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {QUESTION_KIND_NAMES.map((kind) => (
          <Menu.Item key={kind} onClick={() => add(kind)}>
            {t(`surveys.builder.kinds.${kind}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
