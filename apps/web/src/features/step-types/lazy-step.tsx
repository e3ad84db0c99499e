import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { Component, type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { StepProps } from '../step-kit/step-props';

type Loaded = { default: ComponentType<StepProps> };

/** The step's file could not be fetched (a dropped connection, a deployment that removed it). */
class StepFileUnavailable extends Error {}

/**
 * A step type whose component comes in its own file, fetched when a step of that type is shown,
 * or earlier with `preload` (the impact and survey steps, with their number inputs,
 * selects and charts, were a third of the wizard's first download although most calls open on a
 * text step). A file that cannot be fetched is said so where the step would be, with a reload:
 * the browser does not fetch a failed module again within the page, and answers are saved as
 * they are typed. Any other error of the step goes on to the page's error handling, as before.
 */
export function lazyStep(load: () => Promise<ComponentType<StepProps>>) {
  let loading: Promise<Loaded> | null = null;
  const start = () => {
    loading ??= load().then(
      (Step) => ({ default: Step }),
      (error: unknown) => {
        // Not kept: a fetch ahead of time that failed (a moment offline) is tried again when the
        // step is shown, instead of showing the reload message for the rest of the page's life.
        loading = null;
        throw new StepFileUnavailable(String(error));
      },
    );
    return loading;
  };
  const Lazy = lazy(start);
  function Step(props: StepProps) {
    return (
      <StepFileBoundary>
        <Suspense fallback={<StepLoading />}>
          <Lazy {...props} />
        </Suspense>
      </StepFileBoundary>
    );
  }
  return {
    Step,
    preload: () => {
      start().catch(() => {});
    },
  };
}

/** While the step's file comes (it has nothing to save: step-kit/use-flush-reset.ts). */
function StepLoading() {
  const { t } = useTranslation();
  return (
    <Center mih={160} role="status">
      <Loader aria-hidden />
      <span className="visually-hidden">{t('applying.stepLoading')}</span>
    </Center>
  );
}

class StepFileBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    // Not the file: the step itself failed, for the page's own error handling.
    if (!(error instanceof StepFileUnavailable)) throw error;
    return <StepFileMissing />;
  }
}

function StepFileMissing() {
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
