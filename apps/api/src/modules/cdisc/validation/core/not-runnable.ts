/** What makes a rule "not run" (an operator, operation or rule type not written, a pattern JavaScript cannot read), with the reason. */
export class NotRunnable extends Error {}

/** The rule cannot apply to this one dataset (its operation groups by a variable the dataset lacks): CDISC's
 *  engine fails on that dataset alone and reports none of its records. */
export class NotApplicableToDataset extends Error {}
