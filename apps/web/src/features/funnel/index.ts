export { EntityHealthCard, InstitutionHealthPanel } from './components/institution-health-panel';
