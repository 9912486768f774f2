// Codes with their labels, written once: the labels' keys are the codes, in their order.

/** The codes of a set of labels, in order, e.g. the account statuses of their labels. */
export const codesOf = <K extends string>(labels: Record<K, string>): K[] => Object.keys(labels) as K[];
