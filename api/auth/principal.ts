// Who a valid bearer token says the caller is (before their authorities are loaded).
export interface Principal {
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
}
