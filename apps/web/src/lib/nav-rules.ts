import { NAMED_ROUTES } from '@iddesk/contract';

const HOME_SECTIONS: readonly string[] = [
  NAMED_ROUTES.my_ids,
  NAMED_ROUTES.demo_id_list,
  NAMED_ROUTES.create_id_list,
];

const normalise = (pathname: string) =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

/** docs/product.md#shell-and-navigation: Home is highlighted on my_ids, demo_id_list and create_id_list. */
export function isHomeActive(pathname: string): boolean {
  const path = normalise(pathname);
  return path === NAMED_ROUTES.home || HOME_SECTIONS.includes(path);
}

export function isPathActive(pathname: string, target: string): boolean {
  return normalise(pathname) === normalise(target);
}
