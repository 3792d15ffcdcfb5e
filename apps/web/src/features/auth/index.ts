// What the auth feature offers the others: the enrolment step a sign-in asks for where the company
// requires two-factor sign-in (an accepted invitation signs in the same way).
export { EnrolStep } from './components/enrol-step';
