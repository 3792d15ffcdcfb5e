// What the connect feature offers other features: the hosted Link page runs the same flow.
export { LoadFailed, Loading } from './components/connect-status';
export { ConnectFlow } from './routes/connect-route';
