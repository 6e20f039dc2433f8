export { AssignToCustomerDialog, type AssignToCustomerDialogProps } from './assign-to-customer-dialog';
export { BulkProgressDialog } from './bulk-progress-dialog';
export {
  ENTITY_COUNT_KEY,
  applicable,
  canAssign,
  isAssigned,
  isAssignedToCustomer,
  isPublic,
  type AssignableEntity,
  type AssignableEntityType,
} from './model/assignment-model';
export { failureReasons, runBulk, type BulkFailure, type BulkResult } from './model/bulk-run';
export { useAssignmentActions, type AssignmentTarget } from './use-assignment-actions';
export { useBulkRunner, useBulkSummary, type BulkProgress } from './use-bulk-runner';
export { useAssignableCustomers } from './use-assignable-customers';
