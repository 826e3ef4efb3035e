/*! SwapGate <swap-widget> v1: embeds the exchange widget (README "Widget"). Plain JS, no dependencies. */
(() => {
  if (typeof window === 'undefined' || !window.customElements || customElements.get('swap-widget')) return;
  const script = document.currentScript;
  // The widget's origin is the origin this script came from.
  const WIDGET_ORIGIN = new URL(script?.src || location.href).origin;
  const SOURCE = 'swapgate-widget';
  const EVENTS = ['ready', 'quote', 'swap_created', 'status_changed'];
  const LANGS = ['en', 'nl', 'fr', 'de', 'it', 'ko', 'pl', 'pt', 'ru', 'es', 'vi', 'tr', 'uk', 'ja'];
  // Attribute → query parameter of /v2/widget.
  const PARAMS = {
    partner: 'affiliate',
    affiliate: 'affiliate',
    from: 'from',
    to: 'to',
    amount: 'amount',
    'rate-type': 'rateType',
    theme: 'theme',
    accent: 'accent',
    background: 'background',
    surface: 'surface',
    text: 'text',
    radius: 'radius',
  };

  const widgetUrl = (element) => {
    let lang = (element.getAttribute('lang') || 'en').toLowerCase();
    if (!LANGS.includes(lang)) lang = 'en';
    const query = new URLSearchParams();
    for (const name of Object.keys(PARAMS)) {
      const value = element.getAttribute(name);
      if (value) query.set(PARAMS[name], value);
    }
    if (element.hasAttribute('hide-logo')) query.set('hideLogo', '1');
    query.set('origin', location.origin);
    return `${WIDGET_ORIGIN}${lang === 'en' ? '' : `/${lang}`}/v2/widget?${query}`;
  };

  class SwapWidget extends HTMLElement {
    static get observedAttributes() {
      return [...Object.keys(PARAMS), 'lang', 'hide-logo'];
    }

    connectedCallback() {
      if (!this.frame) {
        const frame = document.createElement('iframe');
        frame.title = this.getAttribute('title') || 'Crypto exchange';
        frame.setAttribute('allow', 'clipboard-write');
        frame.style.cssText =
          'display:block;width:100%;min-width:320px;max-width:480px;height:640px;border:0;';
        this.frame = frame;
        this.onMessage = (event) => this.message(event);
      }
      this.frame.src = widgetUrl(this);
      if (!this.frame.isConnected) this.appendChild(this.frame);
      window.addEventListener('message', this.onMessage);
    }

    disconnectedCallback() {
      window.removeEventListener('message', this.onMessage);
    }

    attributeChangedCallback() {
      if (this.frame?.isConnected) this.frame.src = widgetUrl(this);
    }

    // Only the widget's own frame, from the widget's origin, is listened to.
    message(event) {
      if (event.origin !== WIDGET_ORIGIN || !this.frame || event.source !== this.frame.contentWindow) return;
      const data = event.data;
      if (!data || data.source !== SOURCE || typeof data.type !== 'string') return;
      const payload = data.payload && typeof data.payload === 'object' ? data.payload : {};
      if (data.type === 'resize') {
        const height = Number(payload.height);
        if (height > 0 && height < 10000) this.frame.style.height = `${Math.ceil(height)}px`;
        return;
      }
      if (!EVENTS.includes(data.type)) return;
      this.dispatchEvent(new CustomEvent(data.type, { detail: payload, bubbles: true, composed: true }));
    }
  }

  customElements.define('swap-widget', SwapWidget);
})();
