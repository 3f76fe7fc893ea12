/**
 * Starts the site inside a host: `./App`, the whole site as one component, with the tokens and utilities it needs (no
 * global reset).
 */
import '../styles/federated.css';

export { App, App as default, type AppProps } from '../app/app.tsx';
