import {
  feedbackQuestionText,
  feedbackRatingLabels,
  FEEDBACK_REASON_LABEL,
  FEEDBACK_TEXT_MAX_LENGTH,
  type FeedbackRating,
  type FeedbackRatingField,
} from '../../../domain/feedback';
import { Radios } from '../../components/radios';
import { Textarea } from '../../components/textarea';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** The questions' words (domain/feedback.ts, shared with the e-mail the service team reads). */
export const ratingQuestionText = feedbackQuestionText;

export interface RatingQuestionProps {
  field: FeedbackRatingField;
  options: readonly FeedbackRating[];
  rating: UseFormRegisterReturn;
  reason: UseFormRegisterReturn;
  ratingError?: string;
  reasonError?: string;
  /** The reason stays disabled until a rating is chosen. */
  rated: boolean;
}

/** One rating (radios) and its optional reason (character count, 1200). */
export function RatingQuestion({
  field,
  options,
  rating,
  reason,
  ratingError,
  reasonError,
  rated,
}: RatingQuestionProps) {
  return (
    <>
      <Radios
        {...rating}
        idPrefix={field}
        legend={ratingQuestionText[field]}
        legendClassName="govuk-fieldset__legend--m"
        errorMessage={ratingError}
        items={options.map((value) => ({ value, text: feedbackRatingLabels[value] }))}
      />
      <Textarea
        {...reason}
        label={FEEDBACK_REASON_LABEL}
        maxLength={FEEDBACK_TEXT_MAX_LENGTH}
        errorMessage={reasonError}
        disabled={!rated}
        formGroupClassName="govuk-!-margin-bottom-8"
      />
    </>
  );
}
