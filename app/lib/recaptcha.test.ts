import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DIFFERENT_KEY_MESSAGE,
  type Grecaptcha,
  getRecaptchaToken,
  loadRecaptcha,
  recaptchaScriptSrc,
} from './recaptcha.ts';

/** Just enough of `document` and `window` for the loader: script elements in the head and a badge. */
class FakeElement {
  src = '';
  async = false;
  defer = false;
  nonce = '';
  className = '';
  style: { visibility?: string } = {};
  attributes = new Map<string, string>();
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  parent: FakeElement[] | null = null;
  readonly tagName: string;
  constructor(tagName: string) {
    this.tagName = tagName;
  }
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  getAttribute(name: string) {
    return this.attributes.get(name) ?? null;
  }
  remove() {
    if (!this.parent) return;
    this.parent.splice(this.parent.indexOf(this), 1);
    this.parent = null;
  }
}

function fakeDom() {
  const head: FakeElement[] = [];
  const body: FakeElement[] = [];
  const document = {
    createElement: (tag: string) => new FakeElement(tag.toUpperCase()),
    head: {
      appendChild(element: FakeElement) {
        element.parent = head;
        head.push(element);
        return element;
      },
    },
    querySelector: () => null,
    querySelectorAll: (selector: string) =>
      selector === '.grecaptcha-badge'
        ? body.filter((element) => element.className === 'grecaptcha-badge')
        : [],
  };
  const window: { grecaptcha?: Grecaptcha } = {};
  return {
    document,
    window,
    head,
    scripts: () => head.filter((element) => element.tagName === 'SCRIPT'),
    /** Plays the provider's script: defines grecaptcha, adds the badge, fires load. */
    load(execute: Grecaptcha['execute'] = async () => 'token-123') {
      const badge = new FakeElement('DIV');
      badge.className = 'grecaptcha-badge';
      body.push(badge);
      window.grecaptcha = { ready: (callback) => queueMicrotask(callback), execute: vi.fn(execute) };
      for (const script of head) script.onload?.();
      return { badge, grecaptcha: window.grecaptcha };
    },
    fail() {
      for (const script of [...head]) script.onerror?.();
    },
  };
}

const CONFIG = { siteKey: 'site-key-1', scriptUrl: 'https://www.google.com/recaptcha/api.js' };

let dom: ReturnType<typeof fakeDom>;

beforeEach(() => {
  dom = fakeDom();
  vi.stubGlobal('document', dom.document);
  vi.stubGlobal('window', dom.window);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('recaptchaScriptSrc', () => {
  it('asks for the site key and Indonesian', () => {
    const src = new URL(recaptchaScriptSrc(CONFIG));
    expect(src.origin + src.pathname).toBe(CONFIG.scriptUrl);
    expect(src.searchParams.get('render')).toBe('site-key-1');
    expect(src.searchParams.get('hl')).toBe('id');
  });
});

describe('loadRecaptcha', () => {
  it('injects one async script with the render key, hl=id and the nonce', async () => {
    const loading = loadRecaptcha({ ...CONFIG, nonce: 'abc' });
    expect(dom.scripts()).toHaveLength(1);
    const [script] = dom.scripts();
    expect(script?.src).toBe('https://www.google.com/recaptcha/api.js?render=site-key-1&hl=id');
    expect(script?.async).toBe(true);
    expect(script?.nonce).toBe('abc');
    const { badge, grecaptcha } = dom.load();
    await expect(loading).resolves.toBe(grecaptcha);
    expect(badge.style.visibility).toBe('hidden');
  });

  it('reuses the script on a second call with the same key', async () => {
    const first = loadRecaptcha(CONFIG);
    const second = loadRecaptcha(CONFIG);
    expect(second).toBe(first);
    dom.load();
    await first;
    await loadRecaptcha(CONFIG);
    expect(dom.scripts()).toHaveLength(1);
  });

  it('rejects a different key once a script is loaded (SPEC §8)', async () => {
    const first = loadRecaptcha(CONFIG);
    dom.load();
    await first;
    await expect(loadRecaptcha({ ...CONFIG, siteKey: 'other-key' })).rejects.toThrow(DIFFERENT_KEY_MESSAGE);
    expect(dom.scripts()).toHaveLength(1);
  });

  it('rejects a different key while the first one is still loading', async () => {
    void loadRecaptcha(CONFIG);
    await expect(loadRecaptcha({ ...CONFIG, siteKey: 'other-key' })).rejects.toThrow(DIFFERENT_KEY_MESSAGE);
  });

  it('removes a script that failed to load, so the next call tries again', async () => {
    const first = loadRecaptcha(CONFIG);
    dom.fail();
    await expect(first).rejects.toThrow('failed to load');
    expect(dom.scripts()).toHaveLength(0);
    const second = loadRecaptcha(CONFIG);
    expect(dom.scripts()).toHaveLength(1);
    dom.load();
    await expect(second).resolves.toBeDefined();
  });

  it('rejects when the script defines no grecaptcha', async () => {
    const loading = loadRecaptcha(CONFIG);
    for (const script of dom.head) script.onload?.();
    await expect(loading).rejects.toThrow('without grecaptcha');
  });
});

describe('getRecaptchaToken', () => {
  it('executes the action with the site key and resolves with the token', async () => {
    const token = getRecaptchaToken(CONFIG, 'subscribe');
    const { grecaptcha } = dom.load();
    await expect(token).resolves.toBe('token-123');
    expect(grecaptcha.execute).toHaveBeenCalledWith('site-key-1', { action: 'subscribe' });
    await expect(getRecaptchaToken(CONFIG, 'subscribe')).resolves.toBe('token-123');
    expect(dom.scripts()).toHaveLength(1);
  });

  it('rejects when execute rejects', async () => {
    const token = getRecaptchaToken(CONFIG, 'subscribe');
    dom.load(async () => {
      throw new Error('execute failed');
    });
    await expect(token).rejects.toThrow('execute failed');
  });

  it('rejects when execute answers no token', async () => {
    const token = getRecaptchaToken(CONFIG, 'subscribe');
    dom.load(async () => '');
    await expect(token).rejects.toThrow('No human-check token');
  });

  it('rejects when the script fails to load', async () => {
    const token = getRecaptchaToken(CONFIG, 'subscribe');
    dom.fail();
    await expect(token).rejects.toThrow('failed to load');
  });

  it('rejects after the timeout when the script never loads', async () => {
    vi.useFakeTimers();
    const token = getRecaptchaToken(CONFIG, 'subscribe');
    const settled = expect(token).rejects.toThrow('timed out');
    await vi.advanceTimersByTimeAsync(10_000);
    await settled;
  });

  it('rejects for a different key than the loaded one', async () => {
    const first = getRecaptchaToken(CONFIG, 'subscribe');
    dom.load();
    await first;
    await expect(getRecaptchaToken({ ...CONFIG, siteKey: 'other-key' }, 'subscribe')).rejects.toThrow(
      DIFFERENT_KEY_MESSAGE,
    );
  });
});
