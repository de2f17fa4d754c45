export {
  subscriptionsApi,
  useDeleteSubscriptionMutation,
  useGetMySubscriptionsQuery,
  useGetSiteFollowersQuery,
  useGetSubscriptionsQuery,
  usePutSubscriptionsMutation,
} from './api/subscriptions.ts';
export { FollowToggles } from './components/follow-toggles-slot.tsx';
export { FollowedPlaces } from './components/followed-places.tsx';
export { SiteFollowers } from './components/site-followers.tsx';
