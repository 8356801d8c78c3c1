/** What makes a rule "not run" (an operator, operation or rule type not written, a pattern JavaScript cannot read), with the reason. */
export class NotRunnable extends Error {}
