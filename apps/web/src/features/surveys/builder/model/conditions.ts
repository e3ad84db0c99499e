/**
 * Conditions built from pickers, saved as SurveyJS expressions. Only a small grammar is read
 * back (`{q} op value`, joined all by `and` or all by `or`); any other expression is kept as
 * written and shown as text, so nothing an expert typed is lost.
 */
export const OPERATORS = [
  '=',
  '!=',
  '<',
  '>',
  '<=',
  '>=',
  'contains',
  'notcontains',
  'anyof',
  'empty',
  'notempty',
] as const;
export type TOperator = (typeof OPERATORS)[number];
export type TConditionValue = string | number | boolean | Array<string | number>;
export type TClause = { question: string; operator: TOperator; value?: TConditionValue };
export type TCondition = { join: 'and' | 'or'; clauses: TClause[] };

/** Operators that take no value. */
export const UNARY: ReadonlySet<TOperator> = new Set(['empty', 'notempty']);

type TToken =
  | { kind: 'variable'; text: string }
  | { kind: 'string'; text: string }
  | { kind: 'number'; value: number }
  | { kind: 'word'; text: string }
  | { kind: 'symbol'; text: string };

/** Each token's pattern, tried in order, and what it reads as. */
const TOKEN_RULES: Array<[RegExp, (match: RegExpMatchArray) => TToken]> = [
  [/^\{([^{}]+)\}/, (m) => ({ kind: 'variable', text: m[1] ?? '' })],
  [/^'((?:[^'\\]|\\.)*)'/, (m) => ({ kind: 'string', text: unescaped(m[1]) })],
  [/^"((?:[^"\\]|\\.)*)"/, (m) => ({ kind: 'string', text: unescaped(m[1]) })],
  [/^-?\d+(\.\d+)?(?![\w.])/, (m) => ({ kind: 'number', value: Number(m[0]) })],
  [/^[A-Za-z]+/, (m) => ({ kind: 'word', text: m[0].toLowerCase() })],
  [/^(<=|>=|!=|<>|==|=|<|>|\[|\]|,)/, (m) => ({ kind: 'symbol', text: m[0] })],
];

const unescaped = (text: string | undefined) => (text ?? '').replace(/\\(.)/g, '$1');

function tokenize(expression: string): TToken[] | null {
  const tokens: TToken[] = [];
  let rest = expression.trim();
  while (rest.length > 0) {
    let matched = false;
    for (const [pattern, read] of TOKEN_RULES) {
      const match = rest.match(pattern);
      if (!match) continue;
      tokens.push(read(match));
      rest = rest.slice(match[0].length).trimStart();
      matched = true;
      break;
    }
    if (!matched) return null;
  }
  return tokens;
}

const isSymbol = (token: TToken | undefined, text: string) => token?.kind === 'symbol' && token.text === text;

const OPERATOR_ALIASES: Record<string, TOperator> = {
  '=': '=',
  '==': '=',
  equal: '=',
  '!=': '!=',
  '<>': '!=',
  notequal: '!=',
  '<': '<',
  less: '<',
  '>': '>',
  greater: '>',
  '<=': '<=',
  lessorequal: '<=',
  '>=': '>=',
  greaterorequal: '>=',
  contains: 'contains',
  notcontains: 'notcontains',
  anyof: 'anyof',
  empty: 'empty',
  notempty: 'notempty',
};

/** The expression as a condition the pickers can show, or null when it is outside the grammar. */
export function parseCondition(expression: string): TCondition | null {
  const tokens = tokenize(expression);
  if (!tokens || tokens.length === 0) return null;
  let at = 0;
  const next = () => tokens[at++];
  const peek = () => tokens[at];
  const scalar = (): string | number | boolean | null => {
    const token = next();
    if (token?.kind === 'string') return token.text;
    if (token?.kind === 'number') return token.value;
    if (token?.kind === 'word' && (token.text === 'true' || token.text === 'false')) return token.text === 'true';
    return null;
  };
  const clauses: TClause[] = [];
  let join: 'and' | 'or' | null = null;
  for (;;) {
    const variable = next();
    const operatorToken = next();
    if (variable?.kind !== 'variable') return null;
    if (operatorToken?.kind !== 'word' && operatorToken?.kind !== 'symbol') return null;
    const operator = Object.hasOwn(OPERATOR_ALIASES, operatorToken.text)
      ? OPERATOR_ALIASES[operatorToken.text]
      : undefined;
    if (!operator) return null;
    const clause: TClause = { question: variable.text, operator };
    if (operator === 'anyof') {
      if (!isSymbol(next(), '[')) return null;
      const list: Array<string | number> = [];
      while (!isSymbol(peek(), ']')) {
        const item = scalar();
        if (item === null || typeof item === 'boolean') return null;
        list.push(item);
        if (isSymbol(peek(), ',')) next();
      }
      next();
      clause.value = list;
    } else if (!UNARY.has(operator)) {
      const value = scalar();
      if (value === null) return null;
      clause.value = value;
    }
    clauses.push(clause);
    const joiner = next();
    if (!joiner) break;
    if (joiner.kind !== 'word' || (joiner.text !== 'and' && joiner.text !== 'or')) return null;
    if (join && join !== joiner.text) return null;
    join = joiner.text;
  }
  return { join: join ?? 'and', clauses };
}

function literal(value: string | number | boolean): string {
  if (typeof value !== 'string') return String(value);
  if (!value.includes("'")) return `'${value}'`;
  if (!value.includes('"')) return `"${value}"`;
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

function clauseText({ question, operator, value }: TClause): string {
  if (UNARY.has(operator)) return `{${question}} ${operator}`;
  if (operator === 'anyof') {
    const list = Array.isArray(value) ? value : value === undefined ? [] : [value as string | number];
    return `{${question}} anyof [${list.map(literal).join(', ')}]`;
  }
  return `{${question}} ${operator} ${literal(Array.isArray(value) ? (value[0] ?? '') : (value ?? ''))}`;
}

/** The SurveyJS expression of a condition; '' when it has no clause. */
export function conditionToExpression(condition: TCondition): string {
  return condition.clauses.map(clauseText).join(` ${condition.join} `);
}
