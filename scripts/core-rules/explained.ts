/**
 * Differences from CDISC's engine that the material explains outside the interpreter's semantics, found
 * by reading each rule, its case's datasets and the engine's results.csv (docs/core-rules-agreement.md
 * gives these instead of "open"). Each names the evidence, so a reader can check it.
 */
const NOT_IN_DATASET =
  'the engine\'s rows leave out the variable the dataset lacks, while on rules of the same shape (not_exists of one variable, exists of another, no output variables: CORE-000023, -000026, -000081) its rows report that variable as "Not in dataset"; its results for identically written rules disagree, so no one reading gives both (the interpreter follows the majority)';

export const EXPLAINED: Record<string, string> = {
  'CORE-000321': NOT_IN_DATASET,
  'CORE-000328': NOT_IN_DATASET,
  'CORE-000700': NOT_IN_DATASET,
  'CORE-000793': NOT_IN_DATASET,
  'CORE-000862': NOT_IN_DATASET,
  'CORE-000864': NOT_IN_DATASET,
  'CORE-000718':
    'the case\'s results are swapped: the negative folder\'s data holds the records with a start after the end (AE 8: 2019 after 2018-06-14) that the positive folder\'s results.csv lists, and the negative\'s results.csv is empty',
  'CORE-000088':
    'TX (Trial Sets) is a SENDIG dataset: the SDTMIG 3.4 library the product ships gives it no class, so the rule\'s class scope (TRIAL DESIGN) does not reach it; the engine ran with the case\'s NONCLIN use case',
  'CORE-000865':
    'the negative case\'s LB header names no LBELTM (it ends "LBTPTREF," with a blank last name) though its _variables.csv lists LBELTM last; the engine\'s rows give record 4 an LBELTM of PT05M, the value of its LBSTINT column (the unnamed last column is blank there), so the engine read the columns otherwise than the file names them; its PP row naming no variable is the blank row its other PP cases have',
};
