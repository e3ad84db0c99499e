import { Alert } from '@mantine/core';
import { Component, type ReactNode } from 'react';

type Props = { message: string; children: ReactNode };

/** A model SurveyJS cannot render shows a message in the preview instead of breaking the page. */
export class PreviewBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('survey preview failed', error);
  }
  override render() {
    return this.state.failed ? <Alert color="orange">{this.props.message}</Alert> : this.props.children;
  }
}
