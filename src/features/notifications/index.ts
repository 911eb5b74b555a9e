// The notifications feature's public face: the header's bell.
export { NotificationBell } from './components/NotificationBell.tsx';
