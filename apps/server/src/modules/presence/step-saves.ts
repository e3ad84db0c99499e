import { z } from 'zod';

/** A step's answer written: which one, and its new version (the content is read by those who need it). */
export const ZStepSaved = z.object({ submissionId: z.uuid(), stepId: z.uuid(), version: z.number().int().min(0) });
export type StepSaved = z.infer<typeof ZStepSaved>;
/** Told of a step answer a write made, once it is committed (the teammates' open pages). */
export type Told = (saved: StepSaved) => void;

/**
 * Told of every step answer a member writes, so the presence streams can tell the others who
 * have that application open (their page takes the newer answer when they have not typed over
 * it, decision 0032's addendum). Made per app, never module-level; a listener's failure is not the
 * writer's: the answer is saved whatever is told.
 */
export class StepSaves {
  private readonly listeners = new Set<(saved: StepSaved) => void>();

  saved(saved: StepSaved) {
    for (const listener of this.listeners) {
      try {
        listener(saved);
      } catch {
        // A stream gone mid-write: nothing the writer can do about it.
      }
    }
  }

  listen(listener: (saved: StepSaved) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
