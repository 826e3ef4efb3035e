/** The review form's rules, shared by the browser and the server. Pure. */
import { SWAP_ID_PATTERN } from '../exchange/types.ts';
import { hasForbiddenCharacters } from '../text.ts';

export const REVIEWS_PAGE_SIZE = 10;
export const RATINGS = [5, 4, 3, 2, 1] as const;

export interface ReviewInput {
  swapId: string;
  name: string;
  rating: number;
  text: string;
}

export interface ReviewProblem {
  field: keyof ReviewInput;
  code:
    | 'field_required'
    | 'field_too_short'
    | 'field_too_long'
    | 'invalid_swap_id'
    | 'invalid_rating'
    | 'invalid_characters';
  values?: Record<string, number>;
}

const LIMITS = { name: 60, textMin: 10, textMax: 2000 };

/** Trims the values and answers them, or the first field that fails. */
export function checkReview(input: {
  swapId?: string | null | undefined;
  name?: string | null | undefined;
  rating?: number | string | null | undefined;
  text?: string | null | undefined;
}): { ok: true; values: ReviewInput } | { ok: false; problem: ReviewProblem } {
  const swapId = (input.swapId ?? '').trim().toLowerCase();
  const name = (input.name ?? '').trim();
  const text = (input.text ?? '').trim();
  const rating = Number(input.rating);
  if (swapId === '') return { ok: false, problem: { field: 'swapId', code: 'field_required' } };
  if (!SWAP_ID_PATTERN.test(swapId))
    return { ok: false, problem: { field: 'swapId', code: 'invalid_swap_id' } };
  if (name === '') return { ok: false, problem: { field: 'name', code: 'field_required' } };
  if (name.length > LIMITS.name) {
    return { ok: false, problem: { field: 'name', code: 'field_too_long', values: { max: LIMITS.name } } };
  }
  if (hasForbiddenCharacters(name))
    return { ok: false, problem: { field: 'name', code: 'invalid_characters' } };
  if (!Number.isInteger(rating) || rating < 1 || rating > 5) {
    return { ok: false, problem: { field: 'rating', code: 'invalid_rating' } };
  }
  if (text === '') return { ok: false, problem: { field: 'text', code: 'field_required' } };
  if (text.length < LIMITS.textMin) {
    return {
      ok: false,
      problem: { field: 'text', code: 'field_too_short', values: { min: LIMITS.textMin } },
    };
  }
  if (text.length > LIMITS.textMax) {
    return { ok: false, problem: { field: 'text', code: 'field_too_long', values: { max: LIMITS.textMax } } };
  }
  if (hasForbiddenCharacters(text, { multiline: true })) {
    return { ok: false, problem: { field: 'text', code: 'invalid_characters' } };
  }
  return { ok: true, values: { swapId, name, rating, text } };
}
