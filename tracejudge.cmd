@echo off
rem Tracejudge from a checkout on Windows: runs target\tracejudge.jar (mvnw.cmd -q -DskipTests package builds it)
rem with the installed launcher's JVM settings for commands (client compiler, serial collector); with no arguments
rem or one .tjdb file, the workbench's (client compiler, 20 ms GC pause target). See the tracejudge script beside it.
setlocal
set "JAR=%~dp0target\tracejudge.jar"
if not exist "%JAR%" (
  echo tracejudge: no %JAR%; build it first: mvnw.cmd -q -DskipTests package 1>&2
  exit /b 2
)
set "JAVA=java"
if defined JAVA_HOME if exist "%JAVA_HOME%\bin\java.exe" set "JAVA=%JAVA_HOME%\bin\java.exe"
set "FLAGS=-Dfile.encoding=UTF-8 -Xss2m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC"
if "%~1"=="" set "FLAGS=-Dfile.encoding=UTF-8 -Xss2m -XX:TieredStopAtLevel=1 -XX:MaxGCPauseMillis=20"
if "%~2"=="" if /i "%~x1"==".tjdb" set "FLAGS=-Dfile.encoding=UTF-8 -Xss2m -XX:TieredStopAtLevel=1 -XX:MaxGCPauseMillis=20"
"%JAVA%" %FLAGS% %TRACEJUDGE_JAVA_OPTIONS% -jar "%JAR%" %*
exit /b %ERRORLEVEL%
