/**
 * The how-it-works steps' illustrations: small inline drawings in the brand colours, so they cost
 * no request and follow the text colour where they use `currentColor`.
 */
export type IllustrationName =
  | 'pair'
  | 'address'
  | 'deposit'
  | 'receive'
  | 'choose'
  | 'key'
  | 'integrate'
  | 'earn';

const FRAME = 'h-24 w-full max-w-40';

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <svg viewBox="0 0 160 96" className={FRAME} aria-hidden="true" focusable="false">
      <rect x="2" y="2" width="156" height="92" rx="18" fill="#eef4ff" />
      {children}
    </svg>
  );
}

export function Illustration({ name }: { name: IllustrationName }) {
  switch (name) {
    case 'pair':
      return (
        <Frame>
          <circle cx="52" cy="48" r="20" fill="#f7931a" />
          <text x="52" y="54" textAnchor="middle" fontSize="18" fontWeight="700" fill="#fff">
            B
          </text>
          <circle cx="108" cy="48" r="20" fill="#627eea" />
          <path d="M108 32l-9 16 9 5 9-5zM99 51l9 13 9-13-9 5z" fill="#fff" />
          <path
            d="M74 42h12l-4-4M86 54H74l4 4"
            stroke="#2f6fed"
            strokeWidth="3"
            fill="none"
            strokeLinecap="round"
          />
        </Frame>
      );
    case 'address':
      return (
        <Frame>
          <rect x="24" y="30" width="112" height="36" rx="10" fill="#fff" stroke="#2f6fed" strokeWidth="3" />
          <path d="M36 48h56" stroke="#94a3b8" strokeWidth="4" strokeLinecap="round" strokeDasharray="6 5" />
          <circle cx="118" cy="48" r="8" fill="#22c55e" />
          <path d="M114 48l3 3 5-6" stroke="#fff" strokeWidth="2.5" fill="none" strokeLinecap="round" />
        </Frame>
      );
    case 'deposit':
      return (
        <Frame>
          <rect x="30" y="20" width="40" height="56" rx="8" fill="#fff" stroke="#2f6fed" strokeWidth="3" />
          <rect x="38" y="30" width="24" height="24" fill="#0f172a" />
          <rect x="43" y="35" width="6" height="6" fill="#fff" />
          <rect x="51" y="43" width="6" height="6" fill="#fff" />
          <path
            d="M82 48h40m-10-10l10 10-10 10"
            stroke="#2f6fed"
            strokeWidth="4"
            fill="none"
            strokeLinecap="round"
          />
        </Frame>
      );
    case 'receive':
      return (
        <Frame>
          <rect x="44" y="26" width="72" height="48" rx="10" fill="#2f6fed" />
          <rect x="96" y="42" width="24" height="16" rx="5" fill="#fff" />
          <circle cx="106" cy="50" r="3" fill="#2f6fed" />
          <circle cx="36" cy="30" r="12" fill="#22c55e" />
          <path d="M30 30l4 4 8-8" stroke="#fff" strokeWidth="3" fill="none" strokeLinecap="round" />
        </Frame>
      );
    case 'choose':
      return (
        <Frame>
          <rect x="20" y="26" width="36" height="44" rx="8" fill="#fff" stroke="#94a3b8" strokeWidth="2" />
          <rect x="62" y="20" width="36" height="56" rx="8" fill="#fff" stroke="#2f6fed" strokeWidth="3" />
          <rect x="104" y="26" width="36" height="44" rx="8" fill="#fff" stroke="#94a3b8" strokeWidth="2" />
          <path d="M70 40h20M70 50h14" stroke="#2f6fed" strokeWidth="3" strokeLinecap="round" />
        </Frame>
      );
    case 'key':
      return (
        <Frame>
          <circle cx="58" cy="48" r="16" fill="none" stroke="#2f6fed" strokeWidth="6" />
          <path d="M74 48h50m-12 0v12m-12-12v8" stroke="#2f6fed" strokeWidth="6" strokeLinecap="round" />
        </Frame>
      );
    case 'integrate':
      return (
        <Frame>
          <rect x="24" y="22" width="112" height="52" rx="8" fill="#0f172a" />
          <path
            d="M44 40l-8 8 8 8M70 40l8 8-8 8"
            stroke="#93c5fd"
            strokeWidth="3"
            fill="none"
            strokeLinecap="round"
          />
          <path d="M90 42h32M90 54h22" stroke="#64748b" strokeWidth="3" strokeLinecap="round" />
        </Frame>
      );
    case 'earn':
      return (
        <Frame>
          <path d="M30 70h100" stroke="#94a3b8" strokeWidth="2" />
          <rect x="40" y="52" width="16" height="18" rx="3" fill="#93c5fd" />
          <rect x="66" y="42" width="16" height="28" rx="3" fill="#60a5fa" />
          <rect x="92" y="28" width="16" height="42" rx="3" fill="#2f6fed" />
          <path
            d="M40 40l26-10 26-4 26-10"
            stroke="#22c55e"
            strokeWidth="3"
            fill="none"
            strokeLinecap="round"
          />
        </Frame>
      );
  }
}
