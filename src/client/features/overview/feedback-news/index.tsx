import { FeedbackCard, type FeedbackCardProps } from './feedback-card.js';
import { NewsCard } from './news-card.js';

export { FEEDBACK_PARAM, type FeedbackCardProps } from './feedback-card.js';

/** News and feedback, side by side from md up, one above the other below. */
export function FeedbackNewsRow(props: FeedbackCardProps) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <NewsCard readOnly={props.readOnly} />
      <FeedbackCard {...props} />
    </div>
  );
}
