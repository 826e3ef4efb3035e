import { useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { Icon, type SocialIconName } from '../ui/Icon.tsx';

/** Share addresses of the networks' own share pages (no scripts of theirs on our page). */
function shareTargets(url: string, title: string): { network: string; icon: SocialIconName; href: string }[] {
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  return [
    { network: 'X', icon: 'x', href: `https://x.com/intent/post?url=${u}&text=${text}` },
    {
      network: 'LinkedIn',
      icon: 'linkedin',
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
    },
    { network: 'Telegram', icon: 'telegram', href: `https://t.me/share/url?url=${u}&text=${text}` },
    { network: 'Facebook', icon: 'facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { network: 'Reddit', icon: 'reddit', href: `https://www.reddit.com/submit?url=${u}&title=${text}` },
  ];
}

/** Links to share an article, by email, and a button that copies its address. */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const button =
    'relative inline-flex size-10 items-center justify-center rounded-full border border-slate-200 bg-surface text-ink hover:bg-brand-50';
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="share-links">
      <span className="mr-1 text-sm font-semibold">{t('blog.article.share')}</span>
      {shareTargets(url, title).map(({ network, icon, href }) => (
        <a
          key={network}
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          className={button}
          aria-label={t('blog.article.shareOn', { network })}
          title={t('blog.article.shareOn', { network })}
        >
          <Icon name={`social-${icon}`} className="size-5" />
        </a>
      ))}
      <a
        href={`mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(url)}`}
        className={button}
        title={t('blog.article.shareByEmail')}
      >
        <span aria-hidden="true" className="text-lg leading-none">
          @
        </span>
        <span className="sr-only">{t('blog.article.shareByEmail')}</span>
      </a>
      <button
        type="button"
        className="inline-flex h-10 items-center gap-1 rounded-full border border-slate-200 bg-surface px-4 text-sm font-medium hover:bg-brand-50"
        onClick={() => {
          navigator.clipboard?.writeText(url).then(
            () => setCopied(true),
            () => setCopied(false),
          );
        }}
      >
        <Icon name={copied ? 'check' : 'social-link'} className="size-4" />
        <span aria-live="polite">{copied ? t('blog.article.copied') : t('blog.article.copyLink')}</span>
      </button>
    </div>
  );
}
