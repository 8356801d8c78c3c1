// Predictability (Blackwell–Hodges): a guesser who has seen the past allocations guesses, for the next
// subject, the arm with the fewest ratio-adjusted allocations so far (the convergence strategy). With k
// arms tied for fewest, the guess holds no information and is right 1/k of the time when the true arm is
// among them. The measure is the expected share of correct guesses (1/2 is unpredictable for 1:1).

/** The expected credit of one guess: 1/k if the arm is among the k guessed arms, else 0. */
export function guessCredit(guessed: readonly string[], actual: string): number {
  return guessed.includes(actual) ? 1 / guessed.length : 0;
}

/** The arms with the fewest ratio-adjusted allocations. */
export function convergenceGuess(codes: readonly string[], counts: readonly number[], ratios: readonly number[]): string[] {
  const adjusted = counts.map((c, i) => c / ratios[i]!);
  const min = Math.min(...adjusted);
  return codes.filter((_, i) => Math.abs(adjusted[i]! - min) < 1e-9);
}

/** Tracks a sequence of allocations (one stratum's, or one trial's) and the guesser's expected score. */
export class ConvergenceGuesser {
  private readonly counts: number[];
  private credit = 0;
  private guesses = 0;

  constructor(
    private readonly codes: readonly string[],
    private readonly ratios: readonly number[],
  ) {
    this.counts = codes.map(() => 0);
  }

  /** Scores the guess for the next allocation, then records it. */
  observe(arm: string): void {
    this.credit += guessCredit(convergenceGuess(this.codes, this.counts, this.ratios), arm);
    this.guesses++;
    this.counts[this.codes.indexOf(arm)]!++;
  }

  get score(): { credit: number; guesses: number } {
    return { credit: this.credit, guesses: this.guesses };
  }
}

/** The share of correct convergence guesses over one sequence of allocations. */
export function sequencePredictability(codes: readonly string[], ratios: readonly number[], sequence: readonly string[]): number {
  const guesser = new ConvergenceGuesser(codes, ratios);
  for (const arm of sequence) guesser.observe(arm);
  return sequence.length === 0 ? 0 : guesser.score.credit / sequence.length;
}
