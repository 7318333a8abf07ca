import { useParams } from 'react-router';

/** The route's `:id` as a positive whole number, or null when it is not one. */
export function useIdParam(): number | null {
  const { id = '' } = useParams();
  return /^\d{1,10}$/.test(id) && Number(id) > 0 && Number(id) <= 2_147_483_647 ? Number(id) : null;
}
