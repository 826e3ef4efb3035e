/**
 * A small, strict XML reader for the tests: throws on anything not well-formed (unbalanced or
 * misnested tags, bad names, unquoted or duplicate attributes, `<` or a stray `&` in text or
 * values, content outside the one root) and returns the element tree.
 */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const NAME = /^[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?$/;
const ENTITY = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/y;
const ENTITY_VALUES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(raw: string, where: number): string {
  if (!raw.includes('&') && !raw.includes('<')) return raw;
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const char = raw[i] as string;
    if (char === '<') throw new Error(`'<' in text or value at ${where + i}`);
    if (char !== '&') {
      out += char;
      continue;
    }
    ENTITY.lastIndex = i;
    const match = ENTITY.exec(raw);
    if (!match) throw new Error(`Stray '&' at ${where + i}`);
    const body = match[0].slice(1, -1);
    out += body.startsWith('#x')
      ? String.fromCodePoint(Number.parseInt(body.slice(2), 16))
      : body.startsWith('#')
        ? String.fromCodePoint(Number(body.slice(1)))
        : ENTITY_VALUES[body];
    i += match[0].length - 1;
  }
  return out;
}

function parseAttributes(source: string, where: number): Record<string, string> {
  const attributes: Record<string, string> = {};
  const pattern = /\s+([^\s=/>]+)\s*=\s*("([^"]*)"|'([^']*)')/y;
  let at = 0;
  while (at < source.length) {
    if (source.slice(at).trim() === '') break;
    pattern.lastIndex = at;
    const match = pattern.exec(source);
    if (!match) throw new Error(`Bad attribute syntax at ${where + at}: ${source.slice(at, at + 40)}`);
    const name = match[1] as string;
    if (!NAME.test(name)) throw new Error(`Bad attribute name ${name} at ${where + at}`);
    if (Object.hasOwn(attributes, name)) throw new Error(`Duplicate attribute ${name} at ${where + at}`);
    attributes[name] = decode(match[3] ?? match[4] ?? '', where + at);
    at = pattern.lastIndex;
  }
  return attributes;
}

export function parseXml(xml: string): XmlElement {
  let at = 0;
  const declaration =
    /^<\?xml\s+version="1\.[0-9]"(?:\s+encoding="[A-Za-z][\w.-]*")?(?:\s+standalone="(?:yes|no)")?\s*\?>/.exec(
      xml,
    );
  if (declaration) at = declaration[0].length;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  while (at < xml.length) {
    const open = xml.indexOf('<', at);
    const text = xml.slice(at, open < 0 ? xml.length : open);
    const parent = stack.at(-1);
    if (parent) parent.text += decode(text, at);
    else if (text.trim()) throw new Error(`Text outside the root at ${at}`);
    if (open < 0) break;
    const close = xml.indexOf('>', open);
    if (close < 0) throw new Error(`Unclosed tag at ${open}`);
    const tag = xml.slice(open + 1, close);
    if (tag.startsWith('/')) {
      const name = tag.slice(1).trim();
      const element = stack.pop();
      if (!element || element.name !== name)
        throw new Error(`</${name}> closes <${element?.name ?? 'nothing'}> at ${open}`);
    } else {
      if (stack.length === 0 && root) throw new Error(`Second root element at ${open}`);
      const selfClosing = tag.endsWith('/');
      const body = selfClosing ? tag.slice(0, -1) : tag;
      const name = /^[^\s/>]+/.exec(body)?.[0] ?? '';
      if (!NAME.test(name)) throw new Error(`Bad element name '${name}' at ${open}`);
      const element: XmlElement = {
        name,
        attributes: parseAttributes(body.slice(name.length), open + 1 + name.length),
        children: [],
        text: '',
      };
      if (parent) parent.children.push(element);
      else root = element;
      if (!selfClosing) stack.push(element);
    }
    at = close + 1;
  }
  if (stack.length > 0) throw new Error(`Unclosed <${stack.at(-1)?.name}>`);
  if (!root) throw new Error('No root element');
  return root;
}
