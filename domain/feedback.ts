// The satisfaction survey (userFeedbackDto): ratings, labels and messages of spec sections 3 and 5,
// shared by the feedback form (SPA) and POST /users/feedback (API).
import * as v from 'valibot';
import { optionalText } from './validation';
import { codesOf } from './labels';

export const FEEDBACK_TEXT_MAX_LENGTH = 1200;

export const feedbackRatingLabels = {
  VERY_SATISFIED: 'Very satisfied',
  SATISFIED: 'Satisfied',
  NEITHER_SATISFIED_NOR_DISSATISFIED: 'Neither satisfied or dissatisfied',
  DISSATISFIED: 'Dissatisfied',
  VERY_DISSATISFIED: 'Very dissatisfied',
  NOT_APPLICABLE_NOT_USED_YET: 'Not applicable or not used yet',
} satisfies Record<string, string>;
export type FeedbackRating = keyof typeof feedbackRatingLabels;
export const feedbackRatings = codesOf(feedbackRatingLabels);

/** The first and last ratings have no 'not applicable' option. */
export const feedbackRatingsWithoutNotApplicable = feedbackRatings.filter((r) => r !== 'NOT_APPLICABLE_NOT_USED_YET');

/** Each rating's question, as the form asks it and the e-mail to the service team repeats it. */
export const feedbackQuestionText: Record<FeedbackRatingField, string> = {
  userRegistrationRate: 'How satisfied are you with user registration?',
  onlineGuidanceRate: 'How satisfied are you with online guidance and communication?',
  creatingAccountRate: 'How satisfied are you with claiming an account?',
  onBoardingRate: 'How satisfied are you with on-boarding, identity and security checks?',
  tasksRate: 'How satisfied are you with viewing, searching and responding to tasks?',
  satisfactionRate: 'Overall, how satisfied are you with this service so far?',
};

export const FEEDBACK_REASON_LABEL = 'Why did you give this rating? (optional)';

export const feedbackMessages = {
  userRegistrationRate: 'Select a rating for user registration',
  onlineGuidanceRate: 'Select a rating for online guidance and communication',
  creatingAccountRate: 'Select a rating for claiming an account',
  onBoardingRate: 'Select a rating for on-boarding, identity and security checks',
  tasksRate: 'Select a rating for viewing, searching and responding to tasks',
  satisfactionRate: 'Select a rating for overall experience with this service so far',
} as const;
export type FeedbackRatingField = keyof typeof feedbackMessages;

/** The six questions in form order, each with its reason field and the options it offers. */
export const feedbackQuestions: {
  field: FeedbackRatingField;
  reasonField: `${FeedbackRatingField}Reason`;
  message: string;
  options: readonly FeedbackRating[];
}[] = [
  {
    field: 'userRegistrationRate',
    reasonField: 'userRegistrationRateReason',
    message: feedbackMessages.userRegistrationRate,
    options: feedbackRatingsWithoutNotApplicable,
  },
  {
    field: 'onlineGuidanceRate',
    reasonField: 'onlineGuidanceRateReason',
    message: feedbackMessages.onlineGuidanceRate,
    options: feedbackRatings,
  },
  {
    field: 'creatingAccountRate',
    reasonField: 'creatingAccountRateReason',
    message: feedbackMessages.creatingAccountRate,
    options: feedbackRatings,
  },
  {
    field: 'onBoardingRate',
    reasonField: 'onBoardingRateReason',
    message: feedbackMessages.onBoardingRate,
    options: feedbackRatings,
  },
  { field: 'tasksRate', reasonField: 'tasksRateReason', message: feedbackMessages.tasksRate, options: feedbackRatings },
  {
    field: 'satisfactionRate',
    reasonField: 'satisfactionRateReason',
    message: feedbackMessages.satisfactionRate,
    options: feedbackRatingsWithoutNotApplicable,
  },
];

// Missing, null and unknown values all get the question's own message.
const rating = (message: string, options: readonly FeedbackRating[] = feedbackRatings) =>
  v.pipe(
    v.nullish(v.string(message), null),
    v.check((input: string | null) => input !== null && (options as readonly string[]).includes(input), message),
    v.transform((input) => input as FeedbackRating),
  );
const reason = () => optionalText({ maxLength: FEEDBACK_TEXT_MAX_LENGTH });

export const feedbackSchema = v.object({
  userRegistrationRate: rating(feedbackMessages.userRegistrationRate, feedbackRatingsWithoutNotApplicable),
  userRegistrationRateReason: reason(),
  onlineGuidanceRate: rating(feedbackMessages.onlineGuidanceRate),
  onlineGuidanceRateReason: reason(),
  creatingAccountRate: rating(feedbackMessages.creatingAccountRate),
  creatingAccountRateReason: reason(),
  onBoardingRate: rating(feedbackMessages.onBoardingRate),
  onBoardingRateReason: reason(),
  tasksRate: rating(feedbackMessages.tasksRate),
  tasksRateReason: reason(),
  satisfactionRate: rating(feedbackMessages.satisfactionRate, feedbackRatingsWithoutNotApplicable),
  satisfactionRateReason: reason(),
  improvementSuggestion: reason(),
});
export type UserFeedback = v.InferOutput<typeof feedbackSchema>;
