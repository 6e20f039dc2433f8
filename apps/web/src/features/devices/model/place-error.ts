/** A server message → the form field it is about: the first rule whose pattern matches names it. */
export function placeByRules<K extends string>(
  rules: readonly (readonly [RegExp, K])[],
): (message: string) => K | undefined {
  return (message) => rules.find(([pattern]) => pattern.test(message))?.[1];
}
