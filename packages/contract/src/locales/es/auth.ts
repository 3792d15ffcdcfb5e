/** Texts of the session screens: login, forgot and reset password, logout, OIDC. */
export const auth = {
  login: {
    title: 'Inicia sesión',
    subtitle: 'Accede al portal con tu usuario y compañía',
    username: 'Usuario',
    company: 'Compañía',
    password: 'Contraseña',
    submit: 'Iniciar sesión',
    forgotPassword: '¿Has olvidado tu contraseña?',
  },
  oidc: {
    redirecting: 'Redirigiendo al proveedor de identidad…',
    completing: 'Completando el inicio de sesión…',
    failed: 'No se ha podido completar el inicio de sesión con el proveedor de identidad.',
    tryAgain: 'Volver a intentarlo',
  },
  forgot: {
    title: 'Restablece tu contraseña',
    subtitle: 'Introduce tu email y te enviaremos un enlace para crear una contraseña nueva.',
    email: 'Email',
    submit: 'Enviar enlace',
    sentTitle: 'Revisa tu correo',
    sent: 'Si el email pertenece a una cuenta, te hemos enviado un enlace para restablecer la contraseña.',
    backToLogin: 'Volver a iniciar sesión',
  },
  reset: {
    title: 'Crea una contraseña nueva',
    subtitle:
      'Debe tener al menos 8 caracteres y contener mayúsculas, minúsculas y un número y/o un símbolo.',
    password: 'Contraseña nueva',
    confirmPassword: 'Repite la contraseña',
    submit: 'Guardar contraseña',
    success: 'Tu contraseña se ha actualizado. Ya puedes iniciar sesión.',
    usedLink: 'Este enlace ya se ha usado o ha caducado. Solicita uno nuevo.',
    requestNew: 'Solicitar un enlace nuevo',
    missingToken: 'El enlace no es válido. Solicita uno nuevo.',
  },
  logout: {
    signingOut: 'Cerrando sesión…',
    successTitle: 'Has cerrado sesión',
    successText: 'Tu sesión se ha cerrado correctamente. ¡Hasta pronto!',
    signInAgain: 'Volver a iniciar sesión',
  },
  sessionExpired: 'Tu sesión ha terminado. Inicia sesión de nuevo.',
  sessionIdle: 'Tu sesión se ha cerrado tras un tiempo sin actividad. Inicia sesión de nuevo para continuar.',
};
