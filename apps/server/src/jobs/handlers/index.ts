/** The built-in handlers; importing this module registers them. Other modules register their own. */
import './database-health';
import './login-failures';
import './sessions';
