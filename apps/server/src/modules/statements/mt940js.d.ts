// mt940js ships no types: the part of its API the statement reader uses (its README).
declare module 'mt940js' {
  export class Parser {
    constructor(options?: { no86Structure?: boolean });
    /** The file's statements; throws an Error naming the tag it could not read. */
    parse(data: string, withTags?: boolean): unknown[];
  }
}
