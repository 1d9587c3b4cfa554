/**
 * A small RFC 4180 reader that keeps the file's line number of every record (bad rows are reported
 * by line, and a quoted field may span lines). Quotes only open at the start of a field; a quote
 * inside an unquoted field is a literal character, and text after a closing quote is kept, as the
 * pipeline's Rust csv reader does.
 */
export type CsvRecord = { line: number; fields: string[] };

export function splitRecords(text: string, delimiter: string, firstLine = 1): CsvRecord[] {
  const records: CsvRecord[] = [];
  const n = text.length;
  let fields: string[] = [];
  let field = "";
  let line = firstLine;
  let recordLine = firstLine;
  let i = 0;
  let fieldStart = true;
  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === "")) records.push({ line: recordLine, fields });
    fields = [];
    field = "";
    fieldStart = true;
  };
  while (i < n) {
    const c = text[i];
    if (fieldStart && c === '"') {
      // Quoted field: up to the closing quote, "" is one quote, newlines belong to the field.
      fieldStart = false;
      i++;
      for (;;) {
        const q = text.indexOf('"', i);
        const chunk = q < 0 ? text.slice(i) : text.slice(i, q);
        for (let k = chunk.indexOf("\n"); k >= 0; k = chunk.indexOf("\n", k + 1)) line++;
        field += chunk;
        if (q < 0) {
          i = n;
          break;
        }
        if (text[q + 1] === '"') {
          field += '"';
          i = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
      continue;
    }
    fieldStart = false;
    if (c === delimiter) {
      fields.push(field);
      field = "";
      fieldStart = true;
      i++;
    } else if (c === "\n" || c === "\r") {
      endRecord();
      i += c === "\r" && text[i + 1] === "\n" ? 2 : 1;
      line++;
      recordLine = line;
    } else {
      // Plain run up to the next delimiter or line end, appended in one slice.
      let j = i + 1;
      while (j < n) {
        const d = text[j];
        if (d === delimiter || d === "\n" || d === "\r") break;
        j++;
      }
      field += text.slice(i, j);
      i = j;
    }
  }
  if (field !== "" || fields.length > 0) endRecord();
  return records;
}
