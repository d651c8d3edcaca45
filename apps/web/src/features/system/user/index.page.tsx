import { UserListPage } from './list/UserListPage';

/** /system/user: user administration (the user settings page is `setting.page.tsx`). */
export default UserListPage;
