/** Blank lines separate paragraphs; single line breaks stay as line breaks. */
export function termsParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/**
 * The operator's terms as plain text. Each paragraph is a React text node, so markup in it
 * ("<script>", "<b>") is shown as the characters typed, never interpreted.
 */
export function TermsText({ text }: { text: string }) {
  return (
    <div className="flex flex-col gap-4 text-base leading-relaxed text-slate-700">
      {termsParagraphs(text).map((paragraph, i) => (
        <p key={i} className="whitespace-pre-line [overflow-wrap:anywhere]">
          {paragraph}
        </p>
      ))}
    </div>
  );
}
