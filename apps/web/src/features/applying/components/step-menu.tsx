import { stepTypeDefinition, type TUserStep, type TWizardPosition } from '@impact/domain';
import { NavLink } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StepName } from './step-name';

type Props = {
  steps: TUserStep[];
  position: TWizardPosition;
  isDone: (index: number) => boolean;
  canGoTo: (index: number) => boolean;
  onGo: (position: TWizardPosition) => void;
  /** Beside a step's name, e.g. its count of open comments (features/team/comments). */
  badge?: (stepId: string) => ReactNode;
};

/** SPEC 2: the steps in sort order with their sub-steps. */
export function StepMenu({ steps, position, isDone, canGoTo, onGo, badge }: Props) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('applying.stepsMenu')}>
      {steps.map((step, index) => {
        const active = index === position.step;
        const type = stepTypeDefinition(step.stepType?.name);
        const subSteps = type.subSteps;
        return (
          <NavLink
            key={step.id}
            component="button"
            label={
              <span>
                <StepName step={step} n={index + 1} />
                {badge?.(step.id)}
              </span>
            }
            active={active}
            opened={active && subSteps.length > 0}
            // Not reachable yet (a step before it is not done): greyed, said so to screen readers,
            // and refused from the keyboard as from the mouse.
            disabled={!canGoTo(index)}
            aria-disabled={!canGoTo(index) || undefined}
            leftSection={
              isDone(index) ? (
                <IconCircleCheck size={16} color="var(--mantine-color-teal-7)" />
              ) : (
                <IconCircleDashed size={16} />
              )
            }
            onClick={() => {
              if (canGoTo(index)) onGo({ step: index, subStep: 0 });
            }}
            aria-current={active ? 'step' : undefined}
          >
            {subSteps.map((name, sub) => (
              <NavLink
                key={name}
                component="button"
                label={t(`applying.${type.name}.${name}`)}
                active={active && position.subStep === sub}
                onClick={() => onGo({ step: index, subStep: sub })}
              />
            ))}
          </NavLink>
        );
      })}
    </nav>
  );
}
