// REDCap branching logic / calculations <-> JSON-logic, for the common subset: [field] and checkbox
// [field(code)] references, numbers, quoted strings, = <> != < <= > >=, + - * /, and, or, parentheses.
// Used by the CSV data dictionary: export writes the REDCap form when an expression has one (the
// JSON-logic column stays the source of truth); import reads REDCap logic when a dictionary has no
// JSON-logic column (e.g. one exported from REDCap). Anything else (functions, events, smart
// variables) is refused with a message rather than guessed.
import type { LogicExpression } from '@ctp/contracts';

type Token =
  | { t: 'var'; name: string; code?: string }
  | { t: 'num'; value: number }
  | { t: 'str'; value: string }
  | { t: 'op'; value: string }
  | { t: 'word'; value: 'and' | 'or' };

const OPS = ['<=', '>=', '<>', '!=', '==', '=', '<', '>', '+', '-', '*', '/', '(', ')'];

function tokenise(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const rest = src.slice(i);
    const space = /^\s+/.exec(rest);
    const ref = /^\[([A-Za-z][A-Za-z0-9_]*)(?:\(([^()[\]]+)\))?\]/.exec(rest);
    const num = /^\d+(?:\.\d+)?/.exec(rest);
    const str = /^'([^']*)'|^"([^"]*)"/.exec(rest);
    const word = /^(and|or)\b/i.exec(rest);
    const op = OPS.find((o) => rest.startsWith(o));
    if (space) i += space[0].length;
    else if (ref) {
      tokens.push({ t: 'var', name: ref[1]!, code: ref[2] });
      i += ref[0].length;
    } else if (num) {
      tokens.push({ t: 'num', value: Number(num[0]) });
      i += num[0].length;
    } else if (str) {
      tokens.push({ t: 'str', value: str[1] ?? str[2] ?? '' });
      i += str[0].length;
    } else if (word) {
      tokens.push({ t: 'word', value: word[1]!.toLowerCase() as 'and' | 'or' });
      i += word[0].length;
    } else if (op) {
      tokens.push({ t: 'op', value: op });
      i += op.length;
    } else {
      throw new Error(`the logic cannot be read at character ${i + 1} (supported: [field], [field(code)], numbers, quoted text, = <> < <= > >= + - * /, and, or, parentheses)`);
    }
  }
  return tokens;
}

const COMPARE: Record<string, string> = { '=': '==', '==': '==', '<>': '!=', '!=': '!=', '<': '<', '<=': '<=', '>': '>', '>=': '>=' };

/** REDCap logic as a JSON-logic expression; throws an Error with a plain message when unsupported. */
export function redcapToLogic(src: string): LogicExpression {
  const tokens = tokenise(src);
  let pos = 0;
  const peek = () => tokens[pos];
  const isOp = (value: string) => peek()?.t === 'op' && (peek() as { value: string }).value === value;

  function chain(kind: 'and' | 'or', next: () => LogicExpression): LogicExpression {
    const parts = [next()];
    while (peek()?.t === 'word' && (peek() as { value: string }).value === kind) {
      pos++;
      parts.push(next());
    }
    return parts.length === 1 ? parts[0]! : { [kind]: parts };
  }
  const parseOr = (): LogicExpression => chain('or', parseAnd);
  const parseAnd = (): LogicExpression => chain('and', parseCompare);

  function parseCompare(): LogicExpression {
    const start = peek();
    const checkbox = start?.t === 'var' && start.code !== undefined ? start : undefined;
    if (checkbox) pos++;
    const left = checkbox ? null : parseSum();
    const opToken = peek();
    const op = opToken?.t === 'op' ? COMPARE[opToken.value] : undefined;
    if (!op) {
      if (checkbox) throw new Error(`compare the checkbox [${checkbox.name}(${checkbox.code})] with '1' or '0'`);
      return left;
    }
    pos++;
    const right = parseSum();
    if (!checkbox) return { [op]: [left, right] };
    // [field(code)] = '1' is "code is ticked": the value of a multiple-choice field is its list of codes.
    if ((op !== '==' && op !== '!=') || (String(right) !== '1' && String(right) !== '0')) {
      throw new Error(`compare the checkbox [${checkbox.name}(${checkbox.code})] with = '1' or = '0'`);
    }
    const ticked: LogicExpression = { in: [checkbox.code!, { var: checkbox.name }] };
    return (String(right) === '1') === (op === '==') ? ticked : { '!': ticked };
  }
  function binary(ops: string[], next: () => LogicExpression): LogicExpression {
    let left = next();
    while (peek()?.t === 'op' && ops.includes((peek() as { value: string }).value)) {
      const op = (tokens[pos++] as { value: string }).value;
      left = { [op]: [left, next()] };
    }
    return left;
  }
  const parseSum = (): LogicExpression => binary(['+', '-'], parseProduct);
  const parseProduct = (): LogicExpression => binary(['*', '/'], parseUnary);

  function parseUnary(): LogicExpression {
    if (!isOp('-')) return parsePrimary();
    pos++;
    const value = parseUnary();
    return typeof value === 'number' ? -value : { '-': [value] };
  }
  function parsePrimary(): LogicExpression {
    const token = tokens[pos++];
    if (!token) throw new Error('the logic ends too early');
    if (token.t === 'num' || token.t === 'str') return token.value;
    if (token.t === 'var') {
      if (token.code !== undefined) throw new Error(`compare the checkbox [${token.name}(${token.code})] with '1' or '0'`);
      return { var: token.name };
    }
    if (token.t === 'op' && token.value === '(') {
      const inner = parseOr();
      if (!isOp(')')) throw new Error('a closing parenthesis is missing');
      pos++;
      return inner;
    }
    throw new Error(`"${token.value}" is out of place`);
  }

  const result = parseOr();
  if (pos < tokens.length) throw new Error('the logic has extra text after a complete expression');
  return result;
}

const PRINT_COMPARE: Record<string, string> = { '==': '=', '!=': '<>', '<': '<', '<=': '<=', '>': '>', '>=': '>=' };
const ARITHMETIC = new Set(['+', '-', '*', '/']);

function isVar(e: LogicExpression): e is { var: string } {
  return typeof e === 'object' && e !== null && !Array.isArray(e) && typeof e.var === 'string' && /^[A-Za-z][A-Za-z0-9_]*$/.test(e.var);
}

/** A JSON-logic expression in REDCap syntax, or undefined when it has no REDCap equivalent here. */
export function logicToRedcap(expr: LogicExpression): string | undefined {
  const operand = (e: LogicExpression): string | undefined => {
    const text = logicToRedcap(e);
    const atomic = typeof e !== 'object' || e === null || isVar(e);
    return text === undefined ? undefined : atomic ? text : `(${text})`;
  };
  if (typeof expr === 'number') return Number.isFinite(expr) ? String(expr) : undefined;
  if (typeof expr === 'string') return !expr.includes("'") ? `'${expr}'` : !expr.includes('"') ? `"${expr}"` : undefined;
  if (expr === null || typeof expr !== 'object' || Array.isArray(expr)) return undefined;
  const keys = Object.keys(expr);
  if (keys.length !== 1) return undefined;
  const op = keys[0]!;
  const args = expr[op] ?? null;
  if (op === 'var') return isVar(expr) ? `[${expr.var}]` : undefined;
  if (!Array.isArray(args)) return op === '!' ? checkbox(args, '0') : undefined;
  if (op === 'in') return checkbox(expr, '1');
  if ((op === 'and' || op === 'or') && args.length >= 2) return joined(args.map(operand), ` ${op} `);
  if ((PRINT_COMPARE[op] || ARITHMETIC.has(op)) && args.length === 2) return joined(args.map(operand), ` ${PRINT_COMPARE[op] ?? op} `);
  if (op === '!' && args.length === 1) return checkbox(args[0]!, '0');
  return undefined;
}

function joined(parts: (string | undefined)[], separator: string): string | undefined {
  return parts.every((p) => p !== undefined) ? parts.join(separator) : undefined;
}

/** {"in":[code,{"var":field}]} as [field(code)] = '1' (or '0' under a "!"). */
function checkbox(e: LogicExpression, value: '1' | '0'): string | undefined {
  if (typeof e !== 'object' || e === null || Array.isArray(e) || !Array.isArray(e.in) || e.in.length !== 2) return undefined;
  const [code, ref] = e.in;
  if ((typeof code !== 'string' && typeof code !== 'number') || !isVar(ref!) || !/^[^()[\]]+$/.test(String(code))) return undefined;
  return `[${ref.var}(${code})] = '${value}'`;
}
