/** An order's reference in running text (DOC-62938382, PHO-…). */
const ORDER_REF = /\b((?:DOC|PHO)-\d+)\b/;

/**
 * `text` with each order reference kept on one line: a browser may break a line after a hyphen,
 * and a walk read "for order DOC-" at one line's end and "62938382" on the next at 390 px.
 */
export function UnbrokenRefs({ text }: { text: string }) {
  // split() with a capturing group puts each reference at an odd index.
  return text.split(ORDER_REF).map((part, index) =>
    index % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string, in their order.
      <span key={index} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}
