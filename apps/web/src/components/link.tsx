import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { addressOf, useHref, useLocation, useMatch, useNavigate } from '../lib/router';

/** Props of `Link`: an anchor's (its click is the link's own), with the in-app address. */
export interface LinkProps extends Omit<
  AnchorHTMLAttributes<HTMLAnchorElement>,
  'href' | 'onClick'
> {
  to: string;
}

/** Whether the browser should handle this click itself: another button, a modifier, a new tab. */
function isLeftToBrowser(event: MouseEvent<HTMLAnchorElement>, target: string | undefined) {
  const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
  return event.button !== 0 || modified || (target !== undefined && target !== '_self');
}

/**
 * A link to a page of the app: a plain `<a href>` whose click (not with a modifier key, not into
 * another tab) moves the app in place; a link to the address already shown replaces it.
 */
export function Link({ to, target, ...anchor }: LinkProps) {
  const href = useHref(to);
  const current = addressOf(useLocation());
  const navigate = useNavigate();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || isLeftToBrowser(event, target)) return;
    event.preventDefault();
    navigate(href, { replace: href === current });
  };
  return <a {...anchor} href={href} target={target} onClick={handleClick} />;
}

/**
 * A tab of a navigation bar: a `Link` marked `aria-current="page"` (with `activeClassName`) while
 * the address is `to` or below it.
 */
export function NavTab({
  to,
  className,
  activeClassName,
  ...link
}: LinkProps & { className: string; activeClassName: string }) {
  const active = useMatch(to, { end: false });
  return (
    <Link
      {...link}
      to={to}
      className={active ? `${className} ${activeClassName}` : className}
      aria-current={active ? 'page' : undefined}
    />
  );
}
