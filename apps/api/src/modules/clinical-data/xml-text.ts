// A small XML text builder for streamed documents: elements are written as text in order, every
// attribute value and text node escaped with the metadata writer's escapeXml (markup characters, tab,
// newline and CR as references; characters XML 1.0 cannot carry dropped). The caller closes what it opens.
import { escapeXml } from '../forms/interchange/odm-write.ts';

export type Attrs = Record<string, string | number | undefined | null>;

const esc = (v: string) => escapeXml(v) as string;

function attrText(attrs: Attrs): string {
  let out = '';
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) out += ` ${k}="${esc(String(v))}"`;
  return out;
}

export class XmlText {
  private parts: string[] = [];
  private depth = 0;

  private indent() {
    return '  '.repeat(this.depth);
  }
  open(name: string, attrs: Attrs = {}): this {
    this.parts.push(`${this.indent()}<${name}${attrText(attrs)}>\n`);
    this.depth++;
    return this;
  }
  close(name: string): this {
    this.depth--;
    this.parts.push(`${this.indent()}</${name}>\n`);
    return this;
  }
  /** An element without children. */
  empty(name: string, attrs: Attrs = {}): this {
    this.parts.push(`${this.indent()}<${name}${attrText(attrs)}/>\n`);
    return this;
  }
  /** An element holding only text. */
  text(name: string, text: string, attrs: Attrs = {}): this {
    this.parts.push(`${this.indent()}<${name}${attrText(attrs)}>${esc(text)}</${name}>\n`);
    return this;
  }
  /** Text already made XML (a fragment another writer produced), indented as it is. */
  raw(xml: string): this {
    this.parts.push(xml.endsWith('\n') ? xml : `${xml}\n`);
    return this;
  }
  /** What was written since the last take, cleared: a chunk to send. */
  take(): string {
    const s = this.parts.join('');
    this.parts = [];
    return s;
  }
}
