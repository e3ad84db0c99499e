import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { Component, type ComponentType, lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { StepProps } from '../step-kit/step-props';

type Loaded = { default: ComponentType<StepProps> };

/**
 * A step type whose component comes in its own file, fetched when a step of that type is shown,
 * or earlier with `preload` (issue 16: the impact and survey steps, with their number inputs,
 * selects and charts, were a third of the wizard's first download although most calls open on a
 * text step). A failed download is tried again by the next attempt; one that fails while the
 * step is on screen says so, and a reload brings it (answers are saved as they are typed).
 */
export function lazyStep(load: () => Promise<ComponentType<StepProps>>) {
  let loading: Promise<Loaded> | null = null;
  const start = () => {
    loading ??= load().then(
      (Step) => ({ default: Step }),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(start);
  function Step(props: StepProps) {
    return (
      <StepLoadBoundary>
        <Suspense fallback={<StepLoading registerFlush={props.registerFlush} />}>
          <Lazy {...props} />
        </Suspense>
      </StepLoadBoundary>
    );
  }
  return {
    Step,
    preload: () => {
      start().catch(() => {});
    },
  };
}

const nothingToSave = async () => true;

/** While the step's file comes, it has nothing to save: the previous step's flush must not stand in. */
function StepLoading({ registerFlush }: Pick<StepProps, 'registerFlush'>) {
  const { t } = useTranslation();
  useEffect(() => {
    registerFlush(nothingToSave);
  }, [registerFlush]);
  return (
    <Center mih={160}>
      <Loader aria-label={t('applying.stepLoading')} />
    </Center>
  );
}

class StepLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <StepLoadFailed /> : this.props.children;
  }
}

function StepLoadFailed() {
  const { t } = useTranslation();
  return (
    <Alert color="orange" role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('applying.stepLoadFailed')}</Text>
        <Button variant="light" onClick={() => window.location.reload()}>
          {t('applying.reloadPage')}
        </Button>
      </Stack>
    </Alert>
  );
}
