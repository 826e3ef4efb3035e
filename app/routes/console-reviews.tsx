import { type ActionFunctionArgs, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import type { ReviewStatus } from '../../db/schema.ts';
import { consoleAction, consoleRequest, doneNotice } from '../console/console.server.ts';
import { ActionForm, Card, CONSOLE_BASE, ConsolePage, Input, Table, when } from '../console/parts.tsx';

const STATUSES: readonly ReviewStatus[] = ['held', 'published', 'rejected'];

/**
 * The reviews' moderation queue (docs/decisions/027): new reviews wait here, shown nowhere until
 * published; a published one can be hidden again with a reason.
 */
export async function loader(args: LoaderFunctionArgs) {
  const context = await consoleRequest(args);
  if (context.needsSecondFactor) return { needsSecondFactor: true as const };
  const asked = context.url.searchParams.get('status');
  const status = STATUSES.find((s) => s === asked) ?? 'held';
  return {
    needsSecondFactor: false as const,
    status,
    reviews: await context.console.reviews(status),
    notice: doneNotice(context.url),
  };
}

export function action(args: ActionFunctionArgs) {
  return consoleAction(args, async ({ console: service, actor }, form) => {
    const id = Number(form.id);
    if (form.intent === 'publish') {
      await service.publishReview(actor, id);
      return `Review #${id} published.`;
    }
    await service.hideReview(actor, id, form.reason ?? '');
    return `Review #${id} hidden.`;
  });
}

export default function ConsoleReviews() {
  const data = useLoaderData<typeof loader>();
  if (data.needsSecondFactor)
    return (
      <ConsolePage name="reviews" title="Reviews" needsSecondFactor>
        {null}
      </ConsolePage>
    );
  const { status, reviews, notice } = data;
  return (
    <ConsolePage name="reviews" title="Reviews" notice={notice}>
      <p className="flex gap-4 text-sm">
        {STATUSES.map((s) => (
          <a
            key={s}
            className={s === status ? 'font-bold' : 'underline'}
            href={`${CONSOLE_BASE}/reviews?status=${s}`}
          >
            {s}
          </a>
        ))}
      </p>
      <Card>
        <Table
          testId="review-list"
          head={['#', 'Stars', 'Name', 'Text', 'Swap', 'Received', '']}
          rows={reviews.map((review) => [
            `#${review.id}`,
            String(review.rating),
            review.name,
            review.text,
            <a key="swap" className="font-mono underline" href={`${CONSOLE_BASE}/swaps/${review.swapId}`}>
              {review.swapId.slice(0, 8)}…
            </a>,
            when(review.createdAt),
            <div key="actions" className="flex flex-col gap-2">
              {review.status === 'held' ? (
                <ActionForm intent="publish" submit="Publish" testId={`publish-${review.id}`}>
                  <input type="hidden" name="id" value={review.id} />
                </ActionForm>
              ) : null}
              {review.status !== 'rejected' ? (
                <ActionForm intent="hide" submit="Hide" danger testId={`hide-${review.id}`}>
                  <input type="hidden" name="id" value={review.id} />
                  <Input name="reason" label="Reason" />
                </ActionForm>
              ) : null}
            </div>,
          ])}
        />
      </Card>
    </ConsolePage>
  );
}
