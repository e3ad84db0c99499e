/** What the step form gives the content editor of each step type. */
export type StepEditorProps = {
  content: string;
  onChange: (content: string) => void;
  showErrors: boolean;
  /** The step's type name (a quiz's editor asks for correct answers). */
  typeName?: string;
  /**
   * Changes the step's type by name, keeping the content (a survey step given a quiz survey type
   * becomes a quiz, which the step-type picker does not offer, SPEC 3).
   */
  switchType?: (typeName: string) => void;
};
