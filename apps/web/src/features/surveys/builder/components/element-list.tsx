import type { TJsonObject } from '@impact/domain';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PlainList } from '../../../../components/plain-list';
import { moveElementTo } from '../model/operations';
import { childrenOf, type TElementPath } from '../model/tree';
import { AddQuestionMenu } from './add-question-menu';
import { elementKey, useBuilder } from './builder-context';
import { QuestionCard } from './question-card';

type Props = { containerPath: TElementPath; elements: TJsonObject; label: string };

/** The cards of a page or a panel, in order, and the menu that adds one more at the end. */
export function ElementList({ containerPath, elements, label }: Props) {
  const { t } = useTranslation();
  const { model, apply, dragging } = useBuilder();
  const children = childrenOf(elements);
  return (
    <Stack gap="xs" mt="xs">
      {children.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('surveys.builder.emptyContainer')}
        </Text>
      )}
      <PlainList ordered gap="xs" aria-label={label}>
        {children.map((element, i) => {
          const path = [...containerPath, i];
          return (
            <QuestionCard
              key={elementKey(element, path)}
              path={path}
              element={element}
              position={i + 1}
              count={children.length}
            />
          );
        })}
      </PlainList>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse; the move buttons do the same from the keyboard */}
      <div
        onDragOver={(e) => {
          if (dragging.current) e.preventDefault();
        }}
        onDrop={(e) => {
          e.preventDefault();
          const from = dragging.current;
          dragging.current = null;
          if (from) apply(moveElementTo(model, from, [...containerPath, children.length]));
        }}
      >
        <AddQuestionMenu containerPath={containerPath} label={t('surveys.builder.addQuestion')} />
      </div>
    </Stack>
  );
}
