declare module 'edmonds-blossom-fixed' {
  /**
   * Maximum-weight matching of a general graph (Edmonds' blossom algorithm). `edges`: [i, j, weight]
   * over vertices 0..n-1; with `maxCardinality`, the maximum-weight among the largest matchings.
   * Returns each vertex's mate (-1: unmatched).
   */
  export default function blossom(edges: ReadonlyArray<readonly [number, number, number]>, maxCardinality?: boolean): number[];
}
