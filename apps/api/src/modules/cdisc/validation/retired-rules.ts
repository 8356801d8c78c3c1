// Hand-written rules of rules.ts that CDISC's own definitions, run by the interpreter (core/), now check in
// their place: each was retired because on CDISC's test cases of that rule the interpreter flags the same
// records and variables as the hand rule did (or, for CDISC's wider reading below, every record the hand rule
// flagged and more) and exactly what CDISC's engine reports (the test
// apps/api/test/hand-rule-retirement.unit.test.ts proves it rule by rule). Their entries stay in
// core-rules.json as data (the build script reads the published list), but are no longer applied.
/**
 * Hand rules retired for CDISC's wider reading: on CDISC's cases the interpreter flags every record the hand
 * rule flagged and more, exactly the official engine's rows (the hand rule missed records or reported the
 * dataset where the engine names records; hand-rule-retirement.unit.test.ts proves it rule by rule).
 */
export const WIDER_CORE_READING: readonly string[] = [
  'CORE-000019', 'CORE-000042', 'CORE-000043', 'CORE-000044', 'CORE-000154', 'CORE-000170', 'CORE-000179', 'CORE-000182', 'CORE-000258', 'CORE-000261', 'CORE-000268',
  'CORE-000303', 'CORE-000351', 'CORE-000598', 'CORE-000711', 'CORE-000714', 'CORE-000866', 'CORE-000867', 'CORE-000890',
];

export const RETIRED_HAND_RULES: ReadonlySet<string> = new Set([
  'CORE-000006', 'CORE-000012', 'CORE-000013', 'CORE-000024', 'CORE-000026', 'CORE-000037', 'CORE-000049', 'CORE-000050',
  'CORE-000051', 'CORE-000057', 'CORE-000058', 'CORE-000059', 'CORE-000060', 'CORE-000061', 'CORE-000064', 'CORE-000065',
  'CORE-000066', 'CORE-000069', 'CORE-000070', 'CORE-000071', 'CORE-000075', 'CORE-000087', 'CORE-000103', 'CORE-000104',
  'CORE-000119', 'CORE-000120', 'CORE-000123', 'CORE-000124', 'CORE-000125', 'CORE-000126', 'CORE-000127', 'CORE-000128',
  'CORE-000129', 'CORE-000130', 'CORE-000131', 'CORE-000133', 'CORE-000147', 'CORE-000148', 'CORE-000159', 'CORE-000160',
  'CORE-000161', 'CORE-000162', 'CORE-000163', 'CORE-000164', 'CORE-000166', 'CORE-000171', 'CORE-000172', 'CORE-000177',
  'CORE-000189', 'CORE-000190', 'CORE-000191', 'CORE-000199', 'CORE-000201', 'CORE-000220', 'CORE-000221', 'CORE-000222',
  'CORE-000242', 'CORE-000243', 'CORE-000244', 'CORE-000245', 'CORE-000246', 'CORE-000267', 'CORE-000293', 'CORE-000308',
  'CORE-000310', 'CORE-000517', 'CORE-000518', 'CORE-000538',
  ...WIDER_CORE_READING,
]);
