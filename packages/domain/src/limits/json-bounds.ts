/**
 * The shape of a JSON value, measured without recursion: a value nested thousands of levels deep
 * (sent on purpose) is measured, not a stack overflow. Stops counting past `stopAfterNodes`.
 */
export type TJsonShape = { depth: number; longestArray: number; longestString: number; nodes: number };

export function measureJson(value: unknown, stopAfterNodes = 1_000_000): TJsonShape {
  const shape: TJsonShape = { depth: 0, longestArray: 0, longestString: 0, nodes: 0 };
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length && shape.nodes < stopAfterNodes) {
    const [v, depth] = stack.pop() as [unknown, number];
    shape.nodes += 1;
    if (depth > shape.depth) shape.depth = depth;
    if (typeof v === 'string') {
      if (v.length > shape.longestString) shape.longestString = v.length;
    } else if (Array.isArray(v)) {
      if (v.length > shape.longestArray) shape.longestArray = v.length;
      for (const item of v) stack.push([item, depth + 1]);
    } else if (typeof v === 'object' && v !== null) {
      for (const [key, item] of Object.entries(v)) {
        if (key.length > shape.longestString) shape.longestString = key.length;
        stack.push([item, depth + 1]);
      }
    }
  }
  return shape;
}

export type TJsonLimits = { maxDepth: number; maxArray: number; maxString: number; maxNodes: number };

/** A bound a value breaks, as a translatable message with its maximum; null within bounds. */
export type TBoundIssue = { messageKey: string; params: { maximum: number } };

export function jsonBoundIssue(value: unknown, limits: TJsonLimits): TBoundIssue | null {
  const shape = measureJson(value, limits.maxNodes + 1);
  if (shape.depth > limits.maxDepth)
    return { messageKey: 'errors.limits.tooDeep', params: { maximum: limits.maxDepth } };
  if (shape.longestArray > limits.maxArray)
    return { messageKey: 'errors.limits.listTooLong', params: { maximum: limits.maxArray } };
  if (shape.longestString > limits.maxString)
    return { messageKey: 'errors.limits.textTooLong', params: { maximum: limits.maxString } };
  if (shape.nodes > limits.maxNodes)
    return { messageKey: 'errors.limits.tooManyParts', params: { maximum: limits.maxNodes } };
  return null;
}
