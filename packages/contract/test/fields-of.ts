/** The paths of the fields a safeParse refused, sorted; none when it passed. */
export const fieldsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.path.join('.')).sort();
