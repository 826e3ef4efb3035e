/** The public forms that post to their page's route action (app/support/form-action.server.ts). */
export type SupportFormId = 'contact-form' | 'add-coin-form' | 'demo-form' | 'review-form';

/** The query parameter of the page a plain post was sent from: which form went through. */
export const SENT_PARAM = 'sent';

/** A refused plain post, as the page renders it again: what was typed and why it was refused. */
export interface SupportPosted {
  form: SupportFormId;
  values: Record<string, string>;
  /** The refused field's translated message. */
  errors: Record<string, string>;
  /** The refusal of the whole form (the human check), translated. */
  failure: string | null;
}
