/** Redaction of personal details (e-mails, phones, names, addresses, dates of birth) before text leaves the laptop. */
package org.tracejudge.redaction;
